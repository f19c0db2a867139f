import { useContext } from 'react';
import { Link } from 'react-router-dom';
import { may } from '../../app/permissions.ts';
import { AuthContext } from '../auth/AuthProvider.tsx';
import { backupText } from './backupText.ts';
import { useBackupStatus } from './useBackups.ts';

/**
 * On every screen of a user who administers every store: a warning after 26 hours without a verified backup, with
 * the way to the settings screen, where "back up now" is. Nobody has to remember backups, but somebody must see when
 * they stopped (the backup folder gone, a USB stick pulled out, a full disk).
 */
export function BackupWarning() {
  const user = useContext(AuthContext)?.user;
  const status = useBackupStatus(user ? may(user, 'settings') : false);
  if (!status.data?.overdue) return null;
  return (
    <div className="backup-warning" role="alert" data-testid="backup-warning">
      {backupText.overdue} <Link to="/folder/settings">{backupText.openSettings}</Link>
    </div>
  );
}
