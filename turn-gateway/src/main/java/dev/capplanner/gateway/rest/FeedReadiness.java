package dev.capplanner.gateway.rest;

import dev.capplanner.gateway.kafka.RunEventFeed;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the feed knows every partition it reads: a turn taken before could not be answered.
 */
@Readiness
@ApplicationScoped
public class FeedReadiness implements HealthCheck {

    private final RunEventFeed feed;

    public FeedReadiness(RunEventFeed feed) {
        this.feed = feed;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("turn-feed").status(feed.isReady()).build();
    }
}
