CREATE TABLE "image_uploads" (
	"image_id" text NOT NULL,
	"uploader_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_uploads_uploader_id_image_id_pk" PRIMARY KEY("uploader_id","image_id"),
	CONSTRAINT "image_uploads_image_id_format" CHECK ("image_uploads"."image_id" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "image_uploads" ADD CONSTRAINT "image_uploads_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;