package dev.capplanner.snapshot;

import dev.capplanner.contracts.events.Endpoint;
import dev.capplanner.snapshot.catalog.CatalogEntry;
import java.util.List;
import java.util.Map;

/** A catalog entry that starts as a safe, permissioned read and is changed one field at a time. */
final class EntryBuilder {

    String name = "orders.list";
    String connection = "desk-api";
    String kind = "api";
    String sideEffect = "none";
    String risk = "low";
    Boolean confirmation = false;
    List<String> permissions = List.of("orders:read");
    Boolean publicAccess = null;
    Endpoint endpoint = new Endpoint("demo-api", "GET", "/orders");
    Map<String, Object> schema = Map.of("type", "object");
    String reviewHold = null;

    static EntryBuilder read(String name) {
        EntryBuilder builder = new EntryBuilder();
        builder.name = name;
        return builder;
    }

    EntryBuilder connection(String value) {
        connection = value;
        return this;
    }

    EntryBuilder sideEffect(String value) {
        sideEffect = value;
        return this;
    }

    EntryBuilder risk(String value) {
        risk = value;
        return this;
    }

    EntryBuilder confirmation(Boolean value) {
        confirmation = value;
        return this;
    }

    EntryBuilder permissions(List<String> value) {
        permissions = value;
        return this;
    }

    EntryBuilder publicAccess(Boolean value) {
        publicAccess = value;
        return this;
    }

    EntryBuilder endpoint(Endpoint value) {
        endpoint = value;
        return this;
    }

    EntryBuilder schema(Map<String, Object> value) {
        schema = value;
        return this;
    }

    EntryBuilder reviewHold(String value) {
        reviewHold = value;
        return this;
    }

    EntryBuilder kind(String value) {
        kind = value;
        return this;
    }

    CatalogEntry build() {
        return new CatalogEntry(name, connection, kind, "api:" + name.split("\\.")[0], "order", "list",
                "List " + name, List.of(), sideEffect, risk, confirmation, permissions, publicAccess, endpoint, schema,
                "items", reviewHold);
    }
}
