import { webTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { LoadError } from '@/components/ui/load-error';
import { Page } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import { ProductDetails, useProduct, useSignedInAnswer } from '@/features/catalogue';
import { QuestionsSection } from '@/features/questions';
import { isApiError } from '@/lib/api-error';
import { listingKeys } from '@/lib/query-keys';

/**
 * See Details, open to anyone a link is sent to: a phone for sale or sold; an unknown or removed one
 * is the 404 page. Its actions ask a visitor to log in. Its Questions follow the listing once it is shown.
 */
function ProductPage() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // Rendered on the server as a visitor's page: someone signed in then gets the seller's email.
  useSignedInAnswer(listingKeys.product(id), product.isSuccess && product.data.seller.email === undefined);

  if (product.isPending) return <Spinner />;
  if (product.isError) {
    if (isApiError(product.error) && product.error.code === 'not_found') return <NotFound />;
    return (
      <Page title={webTexts.loadFailed}>
        <div className="mt-6">
          <LoadError error={product.error} onRetry={() => void product.refetch()} />
        </div>
      </Page>
    );
  }
  // The questions load after the listing, in this page's own chunk.
  return (
    <>
      <ProductDetails product={product.data} />
      <QuestionsSection productId={product.data.id} isForSale={product.data.status === 'available'} />
    </>
  );
}

export default ProductPage;
