-- /term-condition's CMS page (terms_conditions): the page check admits it. Written by hand: drizzle-kit does not see a changed check.
ALTER TABLE "cms_pages" DROP CONSTRAINT "cms_pages_page_valid";--> statement-breakpoint
ALTER TABLE "cms_pages" ADD CONSTRAINT "cms_pages_page_valid" CHECK ("page" IN ('about_us','privacy_policy','banking','faqs','responsible_gaming','terms_conditions'));
