import { webTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { SellerProfileView, useSeller } from '@/features/catalogue';
import { isApiError } from '@/lib/api-error';

/**
 * A seller's page, open to anyone like a phone's details: an unknown or removed seller is the 404
 * page. Its cards' actions ask a visitor to log in.
 */
function SellerPage() {
  const { id = '' } = useParams();
  const seller = useSeller(id);

  if (seller.isPending) return <Spinner />;
  if (seller.isError) {
    if (isApiError(seller.error) && seller.error.code === 'not_found') return <NotFound />;
    return (
      <Page title={webTexts.loadFailed}>
        <div className="mt-6">
          <LoadError error={seller.error} onRetry={() => void seller.refetch()} />
        </div>
      </Page>
    );
  }
  return <SellerProfileView seller={seller.data} />;
}

export default SellerPage;
