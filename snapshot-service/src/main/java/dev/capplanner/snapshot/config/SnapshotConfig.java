package dev.capplanner.snapshot.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.Optional;

@ConfigMapping(prefix = "snapshot")
public interface SnapshotConfig {

    /**
     * A registry document (file path or {@code classpath:} resource) registered at start-up when the
     * registry has no connection yet; unset, the registry starts empty and every snapshot is empty.
     */
    Optional<String> seedRegistry();

    /** How many snapshots (by tenant, project, permissions and registry revision) stay in memory. */
    @WithDefault("1024")
    int cacheCapacity();

    /** The bearer token of the admin API; unset, the admin API answers 403 to everyone. */
    Optional<String> adminToken();
}
