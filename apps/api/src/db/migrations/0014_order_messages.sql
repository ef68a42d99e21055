CREATE TABLE "order_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_messages_body_length" CHECK (char_length("order_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "order_thread_reads" (
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_read_at" timestamp with time zone,
	"last_received_at" timestamp with time zone,
	CONSTRAINT "order_thread_reads_order_id_user_id_pk" PRIMARY KEY("order_id","user_id"),
	CONSTRAINT "order_thread_reads_unread_count" CHECK ("order_thread_reads"."unread_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_messages" ADD CONSTRAINT "order_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_thread_reads" ADD CONSTRAINT "order_thread_reads_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_thread_reads" ADD CONSTRAINT "order_thread_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_messages_thread_idx" ON "order_messages" USING btree ("order_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "order_thread_reads_unread_idx" ON "order_thread_reads" USING btree ("user_id","last_received_at" DESC NULLS LAST) WHERE "order_thread_reads"."unread_count" > 0;