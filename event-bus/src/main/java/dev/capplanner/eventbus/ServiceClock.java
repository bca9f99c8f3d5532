package dev.capplanner.eventbus;

import io.quarkus.arc.DefaultBean;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;

/** The clock every stage stamps its events with; a test replaces it with a fixed one. */
public class ServiceClock {

    @Produces
    @Singleton
    @DefaultBean
    Clock systemClock() {
        return Clock.systemUTC();
    }
}
