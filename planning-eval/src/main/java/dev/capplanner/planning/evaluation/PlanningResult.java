package dev.capplanner.planning.evaluation;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/** Every gold question graded, and the accuracies over them: all, by plan length, and the insufficient ones. */
public record PlanningResult(List<Graded> graded) {

    /**
     * One question: the tools the planner called (or {@code insufficient}), whether they are the expected
     * tools in order, whether the plan is exact (same tools and arguments), an insufficient plan's reason, and,
     * to read a miss by, each planned call with the arguments it set itself and the tools the route offered.
     */
    public record Graded(PlanningGoldQuestion question, List<String> planned, boolean sameTools, boolean exact,
                         String reason, List<String> plannedCalls, List<String> routed) {

        public Graded {
            planned = List.copyOf(planned);
            plannedCalls = List.copyOf(plannedCalls);
            routed = List.copyOf(routed);
        }
    }

    public PlanningResult {
        graded = List.copyOf(graded);
    }

    public double exactPlan() {
        return share(g -> true, Graded::exact);
    }

    public double toolSequence() {
        return share(g -> true, Graded::sameTools);
    }

    /** Exact-plan accuracy over the questions whose gold plan has this many calls (0: insufficient). */
    public double exactPlanOfLength(int calls) {
        return share(g -> g.question().plan().size() == calls, Graded::exact);
    }

    public long questionsOfLength(int calls) {
        return graded.stream().filter(g -> g.question().plan().size() == calls).count();
    }

    public List<Graded> misses() {
        return graded.stream().filter(g -> !g.exact()).toList();
    }

    private double share(Predicate<Graded> among, Predicate<Graded> counted) {
        List<Graded> considered = graded.stream().filter(among).toList();
        return considered.isEmpty() ? 0 : (double) considered.stream().filter(counted).count() / considered.size();
    }

    /** The summary line the command prints last. */
    public String json(String strategy) {
        return String.format(Locale.ROOT, "{\"questions\":%d,\"exact_plan\":%.3f,\"tool_sequence\":%.3f,"
                        + "\"one_step\":%.3f,\"two_steps\":%.3f,\"three_steps\":%.3f,\"insufficient\":%.3f,"
                        + "\"strategy\":\"%s\"}", graded.size(), exactPlan(), toolSequence(), exactPlanOfLength(1),
                exactPlanOfLength(2), exactPlanOfLength(3), exactPlanOfLength(0), strategy);
    }
}
