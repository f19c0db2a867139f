import { IonButton, IonSpinner } from './ionic.ts';
import { tableText } from './table/tableText.ts';

const text = tableText.loadMore;

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
        {text.shown} <bdi className="num">{shown}</bdi> {text.of} <bdi className="num">{total}</bdi>
      </span>
      {shown < total && (
        <IonButton fill="outline" size="small" onClick={onMore} disabled={loading}>
          {loading ? <IonSpinner name="dots" /> : text.more}
        </IonButton>
      )}
    </div>
  );
}
