import { Page } from '@/components/ui/page';

export function ProductPage() {
  return <Page title="Phone details" />;
}

export default ProductPage;
