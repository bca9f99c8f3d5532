package dev.capplanner.snapshot.persistence;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.LockModeType;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The registry's revision: one row every change locks first and then raises, so concurrent changes
 * (from any replica) are serialized and every reader sees either the old or the new revision, never
 * a mix. Every repository of the registry changes it through {@link #change}.
 */
final class RegistryRevisions {

    private RegistryRevisions() {
    }

    static Uni<Long> current() {
        return Panache.withSession(() -> RegistryRevisionEntity.<RegistryRevisionEntity>findById(
                RegistryRevisionEntity.THE_ROW).map(row -> row.revision));
    }

    /**
     * Runs a change under the revision row's lock and raises the revision when anything changed: a
     * result of {@code true}, a present {@link Optional}, an {@link Outcome} that says so, or any other
     * value; {@code false}, an empty {@link Optional} and an unchanged {@link Outcome} mean nothing changed.
     */
    static <T> Uni<T> change(Supplier<Uni<T>> work) {
        return Panache.withTransaction(() -> RegistryRevisionEntity.<RegistryRevisionEntity>findById(
                        RegistryRevisionEntity.THE_ROW, LockModeType.PESSIMISTIC_WRITE)
                .chain(revision -> work.get().invoke(result -> {
                    if (changed(result)) {
                        revision.revision++;
                    }
                })));
    }

    private static boolean changed(Object result) {
        if (result instanceof Boolean done) {
            return done;
        }
        if (result instanceof Outcome outcome) {
            return outcome.changedRegistry();
        }
        return !(result instanceof Optional<?> found) || found.isPresent();
    }

    /** A change's result that says whether the registry changed. */
    interface Outcome {
        boolean changedRegistry();
    }
}
