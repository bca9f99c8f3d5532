package dev.capplanner.gateway.rest;

import dev.capplanner.gateway.kafka.RunEventFeed;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while the feed's thread runs: a feed that died answers nobody again, so the pod is restarted. */
@Liveness
@ApplicationScoped
public class FeedLiveness implements HealthCheck {

    private final RunEventFeed feed;

    public FeedLiveness(RunEventFeed feed) {
        this.feed = feed;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("turn-feed-thread").status(feed.isAlive()).build();
    }
}
