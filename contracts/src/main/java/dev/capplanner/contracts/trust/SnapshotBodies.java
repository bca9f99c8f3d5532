package dev.capplanner.contracts.trust;

import java.util.Optional;
import java.util.concurrent.CompletionStage;

/** Where stored snapshot bodies come from (the snapshot service), by content address. */
@FunctionalInterface
public interface SnapshotBodies {

    /** The stored body exactly as it was hashed; empty when the store does not know the hash. */
    CompletionStage<Optional<byte[]>> body(String hash);
}
