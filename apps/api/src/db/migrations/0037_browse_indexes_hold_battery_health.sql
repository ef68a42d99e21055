DROP INDEX "products_browse_idx";--> statement-breakpoint
DROP INDEX "products_browse_price_idx";--> statement-breakpoint
DROP INDEX "products_live_newest_idx";--> statement-breakpoint
DROP INDEX "products_live_price_idx";--> statement-breakpoint
CREATE INDEX "products_browse_idx" ON "products" USING btree ("category_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"battery_health");--> statement-breakpoint
CREATE INDEX "products_browse_price_idx" ON "products" USING btree ("category_id","status","price_cents","id","battery_health");--> statement-breakpoint
CREATE INDEX "products_live_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"battery_health") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_cents","id","battery_health") WHERE "products"."status" = 'available';