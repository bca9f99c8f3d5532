-- How a connection was registered (source URL, target, permissions), so it can be refreshed from its
-- source; null for connections that came from a registry document.
ALTER TABLE registry_connection ADD COLUMN registration TEXT;
