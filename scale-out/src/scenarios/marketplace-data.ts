/**
 * What the later scenarios need, made through the balancer as users make it: a seller, a
 * picture in the bucket, phones on sale, and a hundred buyers.
 */
import { send } from '../lib/http.ts';
import { beginScenario, check, figure, inParallel } from '../lib/report.ts';
import {
  addListing,
  addListingWithPicture,
  signUp,
  uploadPicture,
  type Account,
  type Listing,
} from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

export interface MarketplaceData {
  seller: Account;
  buyers: Account[];
  /** The phone a hundred buyers race for. */
  racePhone: Listing;
  /** Phones for the purchases under kill -9. */
  phones: Listing[];
  /** The picture in the bucket new listings use. */
  pictureId: string;
}

export const makeMarketplaceData = async (
  t: Topology,
  counts: { buyers: number; phones: number },
): Promise<MarketplaceData> => {
  beginScenario('Marketplace data through the balancer (sign-ups, a picture in S3, listings)');
  const seller = await signUp(t.client, 'seller', 'Scale Seller');
  const picture = await uploadPicture(t.client, seller);
  const stored = await send(picture.url);
  check(
    'a picture uploaded through a replica is served from the bucket',
    picture.url.startsWith(t.s3.publicUrl) && stored.status === 200,
    `${picture.url} → ${stored.status} ${stored.headers['content-type'] ?? ''}`,
  );
  const racePhone = await addListingWithPicture(t.client, seller, 'iPhone 15 Pro', 700);
  check(
    'a listing added with its picture (multipart) points into the bucket',
    racePhone.imageUrl.startsWith(t.s3.publicUrl),
    racePhone.imageUrl,
  );

  let started = performance.now();
  const phones = await inParallel(
    Array.from({ length: counts.phones }, (_, i) => i),
    6,
    (i) => addListing(t.client, seller, `iPhone ${12 + (i % 4)} #${i + 1}`, 300 + i, picture.id),
  );
  figure(`${phones.length} listings added`, `${((performance.now() - started) / 1000).toFixed(1)} s`);

  started = performance.now();
  const buyers = await inParallel(
    Array.from({ length: counts.buyers }, (_, i) => i),
    6,
    (i) => signUp(t.client, 'user', `Buyer ${i + 1}`),
  );
  figure(`${buyers.length} buyers signed up`, `${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { seller, buyers, racePhone, phones, pictureId: picture.id };
};
