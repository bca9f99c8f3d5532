package dev.capplanner.snapshot.config;

import dev.capplanner.snapshot.authorization.SnapshotPolicy;
import dev.capplanner.snapshot.building.SnapshotBuilder;
import dev.capplanner.snapshot.catalog.Catalog;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/** Wires the framework-free core; the catalog is read once at start-up and fails the start when invalid. */
public class SnapshotBeans {

    @Produces
    @Singleton
    Catalog catalog(SnapshotConfig config) {
        return Catalog.load(config.catalog());
    }

    @Produces
    @Singleton
    SnapshotBuilder snapshotBuilder() {
        return new SnapshotBuilder(new SnapshotPolicy());
    }
}
