CREATE INDEX "products_live_newest_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_storage_idx" ON "products" USING btree ("storage_gb") WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_model_idx" ON "products" USING btree (lower("model")) WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_colour_idx" ON "products" USING btree (lower("colour")) WHERE "products"."status" = 'available';--> statement-breakpoint
CREATE INDEX "products_live_network_idx" ON "products" USING btree (lower("network_lock")) WHERE "products"."status" = 'available';