package dev.capplanner.capabilityplans.language;

import java.util.List;

/** A condition over step outputs (a rule's {@code when}) or over a row (a step's {@code where}). */
public sealed interface Condition {

    record All(List<Condition> conditions) implements Condition {
        public All {
            conditions = List.copyOf(conditions);
        }
    }

    record Any(List<Condition> conditions) implements Condition {
        public Any {
            conditions = List.copyOf(conditions);
        }
    }

    record Not(Condition condition) implements Condition {
    }

    /** {@code right} is null for a unary comparison. */
    record Compare(Operand left, Comparison op, Operand right) implements Condition {
    }
}
