package dev.capplanner.snapshot.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

@ConfigMapping(prefix = "snapshot")
public interface SnapshotConfig {

    /** Where the tool catalog is read at start-up: a file path or a {@code classpath:} resource. */
    @WithDefault("classpath:catalog/demo-catalog.json")
    String catalog();
}
