package dev.capplanner.snapshot.persistence;

import dev.capplanner.snapshot.registry.RegistryState;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The registry state as of now. Each read asks PostgreSQL for the revision (one indexed row) and
 * reloads only when it moved, so a change made through any replica is seen by the next snapshot
 * and the next authorization decision on every replica.
 */
@ApplicationScoped
public class LiveRegistry {

    private final RegistryReader repository;
    private final AtomicReference<RegistryState> loaded = new AtomicReference<>();

    public LiveRegistry(RegistryReader repository) {
        this.repository = repository;
    }

    public Uni<RegistryState> current() {
        return repository.revision().chain(revision -> {
            RegistryState state = loaded.get();
            if (state != null && state.revision() == revision) {
                return Uni.createFrom().item(state);
            }
            return repository.load().invoke(fresh -> loaded.accumulateAndGet(fresh,
                    (held, candidate) -> held == null || candidate.revision() >= held.revision() ? candidate : held));
        });
    }
}
