package dev.capplanner.router.config;

import dev.capplanner.router.rankers.SnapshotRankers;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import org.jboss.logging.Logger;

/**
 * Loads the embedding model during start-up (semantic and hybrid strategies), so the service
 * reports ready only once it can rank, and the first turn is not the one that waits for the model.
 */
@ApplicationScoped
public class ModelWarmUp {

    private static final Logger LOG = Logger.getLogger(ModelWarmUp.class);

    void onStart(@Observes StartupEvent started, SnapshotRankers rankers) {
        long begin = System.nanoTime();
        rankers.warmUp();
        LOG.infof("ranking_ready strategy=%s warmUpMs=%d", rankers.strategy().wireName(),
                (System.nanoTime() - begin) / 1_000_000);
    }
}
