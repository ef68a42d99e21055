CREATE INDEX "orders_paid_product_idx" ON "orders" USING btree ("product_id","paid_at","price_cents") WHERE "orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "products_fair_price_idx" ON "products" USING btree (lower(btrim("model")),"storage_gb","status","condition","price_cents","seller_id","id","model");--> statement-breakpoint
-- The planner needs the new expression's statistics to pick the index (a sample: seconds at 1 M rows).
ANALYZE "products";