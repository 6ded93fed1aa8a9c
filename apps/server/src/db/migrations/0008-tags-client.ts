/**
 * Tags owned by a client (issue #19): a client organises its own websites with its own tags. Staff tags stay
 * global (client_id null). Names stay unique per type among the global tags, and per client and type among a
 * client's tags; a client's tags go with the client.
 */
export const sql = /* sql */ `
alter table tags add column client_id integer references clients (id) on delete cascade;
drop index tags_type_name;
create unique index tags_type_name on tags (type, lower(name)) where client_id is null;
create unique index tags_client_type_name on tags (client_id, type, lower(name)) where client_id is not null;
`;
