-- Who a member is interested in (issue 16, defect 8): men, women or everyone. Asked at sign-up
-- step 4 and on /profile; it is the gender a member's search starts with. NULL until the member
-- says (members from before this column, fictional profiles): search then starts with the other
-- gender than the member's, as before.
ALTER TABLE members ADD COLUMN interested_in TEXT CHECK (interested_in IN ('male', 'female', 'everyone'));
