package dev.capplanner.planner.classification;

/** Classifies a turn's request; deterministic by default, a model optionally, behind this one interface. */
@FunctionalInterface
public interface RequestClassifier {

    Classification classify(String question);

    /** The kind, and for a command the action word it was recognized by (for the refusal's wording). */
    record Classification(RequestKind kind, String action) {

        public static Classification of(RequestKind kind) {
            return new Classification(kind, null);
        }
    }
}
