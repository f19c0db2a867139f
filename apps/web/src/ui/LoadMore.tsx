import { IonButton, IonSpinner } from './ionic.ts';

/** "Load more" under a paged list, with what is shown out of the total. */
export function LoadMore({
  shown,
  total,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore: () => void;
}) {
  return (
    <div className="load-more">
      <span className="num-text">
        عرض <bdi className="num">{shown}</bdi> من <bdi className="num">{total}</bdi>
      </span>
      {shown < total && (
        <IonButton fill="outline" size="small" onClick={onMore} disabled={loading}>
          {loading ? <IonSpinner name="dots" /> : 'تحميل المزيد'}
        </IonButton>
      )}
    </div>
  );
}
