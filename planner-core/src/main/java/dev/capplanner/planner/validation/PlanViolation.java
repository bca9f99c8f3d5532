package dev.capplanner.planner.validation;

/**
 * One broken rule of a plan, structured so a corrector can act on it: the rule's name, the action,
 * the argument or path concerned (null when none), and a message that never repeats argument values.
 */
public record PlanViolation(String rule, String action, String path, String message) {

    public static final String PLAN_SIZE = "plan-size";
    public static final String ROUTED = "routed";
    public static final String READ_ONLY = "read-only";
    public static final String ARGUMENTS = "arguments";
    public static final String DEPENDENCIES = "dependencies";
    public static final String UNIQUE_IDS = "unique-ids";
    public static final String FROM_DEPENDENCY = "from-dependency";
    public static final String DECLARED_PATH = "declared-path";
    public static final String HIDDEN_ARGUMENT = "hidden-argument";
    public static final String CYCLE = "cycle";
    public static final String PREMATURE_INSUFFICIENT = "premature-insufficient";
    public static final String GROUNDED = "grounded";

    @Override
    public String toString() {
        return action + ": " + message;
    }
}
