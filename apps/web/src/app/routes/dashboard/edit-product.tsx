import { listingTexts } from '@recell/contract';
import { useParams } from 'react-router';
import { EditProductForm } from '@/features/listings';
import { DashboardPage } from './dashboard-page';

/** The seller edits one of their listings (My Products › Edit). */
function EditProductPage() {
  const { id = '' } = useParams();
  return (
    <DashboardPage title={listingTexts.editTitle}>
      {/* A new listing's id: a fresh form, never the previous listing's values. */}
      <EditProductForm key={id} productId={id} />
    </DashboardPage>
  );
}

export default EditProductPage;
