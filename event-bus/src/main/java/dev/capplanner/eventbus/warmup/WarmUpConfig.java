package dev.capplanner.eventbus.warmup;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Whether a service runs its start-up warm-up before it reports ready. */
@ConfigMapping(prefix = "capplanner.warm-up")
public interface WarmUpConfig {

    /** Off: the service is ready at once and its first turns pay for compiling and loading. */
    @WithDefault("true")
    boolean enabled();
}
