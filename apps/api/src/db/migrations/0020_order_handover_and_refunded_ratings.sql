ALTER TABLE "orders" ADD COLUMN "is_shipped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Orders shipped before the flag existed: those still shipped, and completed ones whose audit entry says so.
UPDATE "orders" o SET "is_shipped" = true
 WHERE o."progress" = 'shipped'
    OR (o."progress" = 'completed' AND EXISTS (
         SELECT 1 FROM "audit_log" a
          WHERE a."subject_type" = 'order' AND a."subject_id" = o."id"::text AND a."action" = 'order.shipped'));--> statement-breakpoint
-- A refunded order's rating no longer counts in its seller's totals.
UPDATE "users" u SET "rating_count" = t."count", "rating_sum" = t."sum"
  FROM (SELECT r."seller_id",
               count(*) FILTER (WHERE o."refunded_at" IS NULL)::integer AS "count",
               coalesce(sum(r."stars") FILTER (WHERE o."refunded_at" IS NULL), 0)::integer AS "sum"
          FROM "ratings" r JOIN "orders" o ON o."id" = r."order_id"
         GROUP BY r."seller_id") t
 WHERE u."id" = t."seller_id" AND (u."rating_count" <> t."count" OR u."rating_sum" <> t."sum");
