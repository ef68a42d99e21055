DROP INDEX "advertisements_created_idx";--> statement-breakpoint
CREATE INDEX "advertisements_newest_idx" ON "advertisements" USING btree ("created_at" DESC NULLS LAST,"product_id" DESC NULLS LAST);