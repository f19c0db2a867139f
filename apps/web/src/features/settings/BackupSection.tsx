import { type BackupStatus, routes } from '@mizan/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, download } from '../../app/api.ts';
import { formatBytes, formatDateTime, formatMoney } from '../../app/format.ts';
import { IonButton, IonSpinner } from '../../ui/ionic.ts';
import { useNotify } from '../../ui/useNotify.ts';
import { backupText as text } from './backupText.ts';
import { backupKey } from './useBackups.ts';

/** Whether the last attempt failed after the last verified backup. */
const failedLatest = (status: BackupStatus) =>
  status.last_failure !== null && (!status.last_verified || status.last_failure.at > status.last_verified.at);

/**
 * The backups (docs/backups.md): the last verified one and what it holds, the folder and its advice, "back up now",
 * and the kept files to download. Shown to a user who administers every store.
 */
export function BackupSection({ status }: { status: BackupStatus }) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const now = useMutation({
    mutationFn: async () => (await call(routes.backup.now)).data[0],
    onSuccess: (next) => {
      if (!next) return;
      queryClient.setQueryData(backupKey, next);
      void (failedLatest(next) ? notify.refused(text.failed) : notify.done(text.done));
    },
    onError: (error) => notify.failed(error),
  });
  const last = status.last_verified;
  const failedLast = failedLatest(status);
  return (
    <div className="backup-section" data-testid="backup-section">
      <p>{text.intro}</p>
      {status.overdue && (
        <p className="backup-overdue" role="alert">
          {text.overdue}
        </p>
      )}
      <dl className="backup-facts">
        <dt>{text.folder}</dt>
        <dd>
          <div className="backup-file" dir="ltr">
            {status.folder}
          </div>
          <small>{text.folderHint}</small>
        </dd>
        <dt>{text.schedule}</dt>
        <dd>{text.every(status.every_minutes)}</dd>
        <dt>{text.lastVerified}</dt>
        <dd data-testid="backup-last">
          {last ? (
            <>
              <bdi className="num">{formatDateTime(last.at)}</bdi> (<bdi className="num">{formatBytes(last.size)}</bdi>)
              <div className="backup-file" dir="ltr">
                {last.file}
              </div>
              <ul className="backup-figures">
                <li>
                  {text.documents}: <bdi className="num">{last.figures.documents}</bdi>
                </li>
                <li>
                  {text.debit}: <bdi className="num">{formatMoney(last.figures.debit)}</bdi>
                </li>
                <li>
                  {text.credit}: <bdi className="num">{formatMoney(last.figures.credit)}</bdi>
                </li>
                <li>
                  {text.stockAtCost}: <bdi className="num">{formatMoney(last.figures.stock_at_cost)}</bdi>
                </li>
              </ul>
            </>
          ) : (
            text.none
          )}
        </dd>
        {status.point_in_time && (
          <>
            <dt>{text.pointInTime}</dt>
            <dd data-testid="backup-point-in-time">
              {status.point_in_time.since ? (
                <>
                  {text.pointInTimeSince} <bdi className="num">{formatDateTime(status.point_in_time.since)}</bdi>
                </>
              ) : (
                text.pointInTimeWaiting
              )}
              {status.point_in_time.last_archived_at && (
                <div>
                  <small>
                    {text.lastArchived}:{' '}
                    <bdi className="num">{formatDateTime(status.point_in_time.last_archived_at)}</bdi>
                  </small>
                </div>
              )}
              {status.point_in_time.failing && (
                <p className="backup-failure" role="alert">
                  {text.archiveFailing}
                  <br />
                  <bdi dir="ltr">{status.point_in_time.failing}</bdi>
                </p>
              )}
            </dd>
          </>
        )}
        {failedLast && status.last_failure && (
          <>
            <dt>{text.lastFailure}</dt>
            <dd className="backup-failure" data-testid="backup-failure">
              <bdi className="num">{formatDateTime(status.last_failure.at)}</bdi>:{' '}
              <bdi dir="ltr">{status.last_failure.message}</bdi>
            </dd>
          </>
        )}
      </dl>
      <IonButton onClick={() => now.mutate()} disabled={now.isPending || status.running} data-testid="backup-now">
        {now.isPending || status.running ? <IonSpinner slot="start" name="dots" /> : null}
        {now.isPending || status.running ? text.running : text.now}
      </IonButton>
      {status.kept.length > 0 && (
        <table className="backup-kept" data-testid="backup-kept">
          <caption>{text.kept}</caption>
          <thead>
            <tr>
              <th>{text.createdAt}</th>
              <th className="backup-file-column">{text.file}</th>
              <th>{text.size}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {status.kept.map((kept) => (
              <tr key={kept.file}>
                <td>
                  <bdi className="num">{formatDateTime(kept.created_at)}</bdi>
                </td>
                <td className="backup-file-column">
                  <bdi dir="ltr">{kept.file}</bdi>
                </td>
                <td>
                  <bdi className="num">{formatBytes(kept.size)}</bdi>
                </td>
                <td>
                  <IonButton
                    size="small"
                    fill="outline"
                    onClick={() =>
                      download(routes.backup.download, kept.file, { query: { file: kept.file } }).catch((error) =>
                        notify.failed(error),
                      )
                    }
                  >
                    {text.download}
                  </IonButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
