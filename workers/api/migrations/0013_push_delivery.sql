-- Push delivery (issue 14, docs/decisions/021-push-delivery.md): the kinds of push a member
-- wants. On by default; a kind switched off is never sent. Columns rather than a table: one
-- value each per member, removed with the member's row.
ALTER TABLE members ADD COLUMN push_messages INTEGER NOT NULL DEFAULT 1;
ALTER TABLE members ADD COLUMN push_likes INTEGER NOT NULL DEFAULT 1;
ALTER TABLE members ADD COLUMN push_news INTEGER NOT NULL DEFAULT 1;
