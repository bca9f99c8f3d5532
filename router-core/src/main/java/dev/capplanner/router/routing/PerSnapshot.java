package dev.capplanner.router.routing;

import dev.capplanner.contracts.events.Capability;
import java.lang.ref.WeakReference;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;

/**
 * What a router step reads of a snapshot, built once per snapshot: the router asks of the same
 * snapshot turn after turn, so a question costs a lookup, not a pass over every capability. Kept for
 * the latest few snapshots, each by its list's identity and held weakly (a dropped snapshot frees it).
 */
final class PerSnapshot<T> {

    private final int kept;
    private final Function<List<Capability>, T> build;
    private final Deque<Kept<T>> latest = new ArrayDeque<>();

    private record Kept<T>(WeakReference<List<Capability>> snapshot, T value) {
    }

    PerSnapshot(int kept, Function<List<Capability>, T> build) {
        this.kept = kept;
        this.build = build;
    }

    T of(List<Capability> snapshot) {
        synchronized (latest) {
            for (Kept<T> one : latest) {
                if (one.snapshot().get() == snapshot) {
                    return one.value();
                }
            }
        }
        T built = build.apply(snapshot);
        synchronized (latest) {
            latest.removeIf(one -> one.snapshot().get() == null);
            if (latest.size() >= kept) {
                latest.removeLast();
            }
            latest.addFirst(new Kept<>(new WeakReference<>(snapshot), built));
        }
        return built;
    }
}
