CREATE TABLE "product_photos" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_url" text NOT NULL,
	CONSTRAINT "product_photos_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_photos_position_range" CHECK ("product_photos"."position" between 0 and 7)
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_photos_image_url_idx" ON "product_photos" USING btree ("image_url");--> statement-breakpoint
-- Every listing made before photos keeps its one picture, now its first photo (the cover).
INSERT INTO "product_photos" ("product_id", "position", "image_url") SELECT "id", 0, "image_url" FROM "products";
