/** A list endpoint's path for one page: the cursor when there is one (the API's default page size). */
export const pagePath = <P extends `/${string}`>(path: P, cursor: string | null): P | `${P}?${string}` =>
  cursor ? `${path}?${new URLSearchParams({ cursor }).toString()}` : path;
