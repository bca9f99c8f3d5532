package dev.capplanner.capabilityplans.language;

/**
 * Where a value in a plan comes from: a caller argument, a hidden argument (bound from the trusted
 * run context), an earlier step's output or one of its fields, a field of the row being filtered,
 * or a constant.
 */
public sealed interface Operand {

    record Arg(String name) implements Operand {
    }

    record Hidden(String name) implements Operand {
    }

    /** A step's output; {@code field} (a dot path, null for the whole output) a field of it. */
    record StepOutput(String step, String field) implements Operand {
    }

    /** A field (dot path) of the row a {@code where} or an anti-join looks at. */
    record RowField(String path) implements Operand {
    }

    record Constant(Object value) implements Operand {
    }
}
