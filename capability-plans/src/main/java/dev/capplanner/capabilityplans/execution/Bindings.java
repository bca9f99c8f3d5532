package dev.capplanner.capabilityplans.execution;

import dev.capplanner.capabilityplans.language.Comparison;
import dev.capplanner.capabilityplans.language.Condition;
import dev.capplanner.capabilityplans.language.Operand;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The values one run of a plan has bound so far (caller arguments, hidden arguments, step outputs)
 * and the evaluation of operands and conditions over them, optionally over a row.
 */
final class Bindings {

    private final Map<String, Object> arguments;
    private final Map<String, String> hidden;
    private final Map<String, Object> outputs = new HashMap<>();

    Bindings(Map<String, Object> arguments, Map<String, String> hidden) {
        this.arguments = arguments;
        this.hidden = hidden;
    }

    void output(String step, Object value) {
        outputs.put(step, value);
    }

    Object output(String step) {
        return outputs.get(step);
    }

    Object value(Operand operand, Object row) {
        if (operand instanceof Operand.Arg arg) {
            return arguments.get(arg.name());
        }
        if (operand instanceof Operand.Hidden name) {
            return hidden.get(name.name());
        }
        if (operand instanceof Operand.StepOutput step) {
            return JsonValues.at(outputs.get(step.step()), step.field());
        }
        if (operand instanceof Operand.RowField field) {
            return JsonValues.at(row, field.path());
        }
        return ((Operand.Constant) operand).value();
    }

    /** Whether the condition holds (over {@code row}, null outside a where); null means always. */
    boolean holds(Condition condition, Object row) {
        if (condition == null) {
            return true;
        }
        if (condition instanceof Condition.All all) {
            return all.conditions().stream().allMatch(part -> holds(part, row));
        }
        if (condition instanceof Condition.Any any) {
            return any.conditions().stream().anyMatch(part -> holds(part, row));
        }
        if (condition instanceof Condition.Not not) {
            return !holds(not.condition(), row);
        }
        Condition.Compare compare = (Condition.Compare) condition;
        Object left = value(compare.left(), row);
        Object right = compare.right() == null ? null : value(compare.right(), row);
        return compares(left, compare.op(), right);
    }

    private static boolean compares(Object left, Comparison op, Object right) {
        switch (op) {
            case EQ:
                return JsonValues.same(left, right);
            case NE:
                return !JsonValues.same(left, right);
            case GT:
                return JsonValues.order(left, right).map(order -> order > 0).orElse(false);
            case GTE:
                return JsonValues.order(left, right).map(order -> order >= 0).orElse(false);
            case LT:
                return JsonValues.order(left, right).map(order -> order < 0).orElse(false);
            case LTE:
                return JsonValues.order(left, right).map(order -> order <= 0).orElse(false);
            case IN:
                return right instanceof List<?> && JsonValues.contains(right, left);
            case NOT_IN:
                return right instanceof List<?> && !JsonValues.contains(right, left);
            case CONTAINS:
                return JsonValues.contains(left, right);
            case PRESENT:
                return JsonValues.present(left);
            case ABSENT:
                return !JsonValues.present(left);
            default:
                throw new IllegalStateException("no comparison " + op);
        }
    }
}
