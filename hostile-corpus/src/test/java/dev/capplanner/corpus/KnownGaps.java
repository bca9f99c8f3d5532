package dev.capplanner.corpus;

import java.util.List;
import java.util.Optional;
import java.util.function.BiPredicate;

/**
 * Invariant violations the corpus found on main that no branch fixes yet, each named, explained and
 * reproduced by the entries it matches. A problem a gap explains does not fail its entry; every other
 * problem does, and {@link HostileCorpusTest} fails when a gap matches no entry at all (it was fixed:
 * delete it here). The invariants themselves are not loosened: the gaps are listed, not skipped.
 */
enum KnownGaps {

    // None open: the last one (the LLM planner accepting values copied from remote text) is closed by
    // rule "grounded arguments" (planner-core validation.ArgumentGrounding).
    ;

    private final BiPredicate<CorpusEntry, String> explains;

    KnownGaps(BiPredicate<CorpusEntry, String> explains) {
        this.explains = explains;
    }

    static Optional<KnownGaps> explaining(CorpusEntry entry, String problem) {
        return List.of(values()).stream().filter(gap -> gap.explains.test(entry, problem)).findFirst();
    }
}
