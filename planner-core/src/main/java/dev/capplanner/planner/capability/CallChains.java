package dev.capplanner.planner.capability;

import dev.capplanner.contracts.entities.NaturalKeys;
import dev.capplanner.planner.plan.ArgumentSource;
import dev.capplanner.planner.plan.Observed;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.Relationship;
import dev.capplanner.planner.plan.SelectedRow;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The calls that serve one target tool. Each required input is bound from what the user gave (the
 * selection, the question); an input the user did not give is chained with {@code $from} from another
 * routed tool whose output declares it: first by the snapshot's declared relationships, then by
 * name ({@code customerId} from a {@code customerId} path, or from the {@code id} of a customer tool's
 * output, or a natural key: {@code username} from a pull request's {@code user.login}); of the
 * sources that can be planned, the one with the fewest calls (the ticket's own {@code customerId}
 * rather than the ticket's order's customer), then one value over a collection's. The feeding tool is planned the
 * same way, at most {@link #MAX_STEPS} calls in all and never through a tool already in the chain.
 * Every call also gets the optional filters the question states for it ({@link SchemaFilters}). No
 * value is ever invented: an input with no source leaves the target unplanned.
 */
final class CallChains {

    static final int MAX_STEPS = 3;

    private final ArgumentBinder binder;

    CallChains(ArgumentBinder binder) {
        this.binder = binder;
    }

    Optional<List<PlannedCall>> plan(ToolSpec target, String question, SelectedRow selection,
                                     Map<String, ToolSpec> routed) {
        return plan(target, question, selection, routed, List.of());
    }

    Optional<List<PlannedCall>> plan(ToolSpec target, String question, SelectedRow selection,
                                     Map<String, ToolSpec> routed, List<Observed> evidence) {
        Set<String> inChain = new HashSet<>();
        inChain.add(target.name());
        return chain(target, new Context(question, selection, routed, evidence), inChain, MAX_STEPS)
                .map(CallChains::calls);
    }

    private Optional<List<Draft>> chain(ToolSpec target, Context context, Set<String> inChain, int budget) {
        if (budget < 1) {
            return Optional.empty();
        }
        List<Draft> steps = new ArrayList<>();
        Map<String, Object> arguments = new LinkedHashMap<>();
        Map<String, Link> links = new LinkedHashMap<>();
        Set<String> hidden = target.hiddenInputs();
        for (String input : target.requiredInputs()) {
            if (hidden.contains(input)) {
                continue;
            }
            Optional<Object> given = binder.bindOne(target, input, context.question(), context.selection(),
                    context.evidence());
            if (given.isPresent()) {
                arguments.put(input, given.get());
                continue;
            }
            Optional<Fed> fed = feed(target, input, context, inChain, budget - 1 - steps.size());
            if (fed.isEmpty()) {
                return Optional.empty();
            }
            int offset = steps.size();
            fed.get().steps().forEach(step -> steps.add(step.shifted(offset)));
            links.put(input, new Link(steps.size() - 1, fed.get().path()));
        }
        binder.filters(target, context.question()).forEach((name, value) -> {
            if (!links.containsKey(name) && !hidden.contains(name)) {
                arguments.putIfAbsent(name, value);
            }
        });
        steps.add(new Draft(target.name(), arguments, links));
        return steps.size() <= budget ? Optional.of(steps) : Optional.empty();
    }

    private Optional<Fed> feed(ToolSpec target, String input, Context context, Set<String> inChain, int budget) {
        Optional<Fed> shortest = Optional.empty();
        for (Source source : sources(target, input, context.routed(), context.question())) {
            if (inChain.contains(source.provider().name())) {
                continue;
            }
            Set<String> extended = new HashSet<>(inChain);
            extended.add(source.provider().name());
            Optional<List<Draft>> steps = chain(source.provider(), context, extended, budget);
            if (steps.isPresent() && (shortest.isEmpty() || Fed.BETTER.compare(new Fed(steps.get(), source.path()),
                    shortest.get()) < 0)) {
                shortest = Optional.of(new Fed(steps.get(), source.path()));
            }
        }
        return shortest;
    }

    /**
     * Routed tools whose declared output can feed the input, declared relationships first, in rank order;
     * of one tool's paths by name, those the question names the record of first ({@link NestedRecords}).
     */
    private static List<Source> sources(ToolSpec target, String input, Map<String, ToolSpec> routed, String question) {
        List<Source> sources = new ArrayList<>();
        for (Relationship relationship : target.inputsFrom()) {
            ToolSpec provider = routed.get(relationship.provider());
            if (relationship.input().equals(input) && provider != null
                    && provider.outputPaths().contains(relationship.path())) {
                sources.add(new Source(provider, relationship.path()));
            }
        }
        for (ToolSpec provider : routed.values()) {
            if (provider.name().equals(target.name())) {
                continue;
            }
            for (String path : NestedRecords.namedFirst(provider.outputPaths(), question)) {
                if (feedsByName(path, input, provider) && !sources.contains(new Source(provider, path))) {
                    sources.add(new Source(provider, path));
                }
            }
        }
        return sources;
    }

    private static boolean feedsByName(String path, String input, ToolSpec provider) {
        String field = lastField(path);
        if (field.equals(input) || NaturalKeys.fillsFrom(path, provider.entity(), input)) {
            return true;
        }
        return field.equals("id") && provider.entity() != null
                && input.toLowerCase(Locale.ROOT).equals(provider.entity().toLowerCase(Locale.ROOT) + "id");
    }

    private static String lastField(String path) {
        String last = path.substring(path.lastIndexOf('.') + 1);
        return last.endsWith("[]") ? last.substring(0, last.length() - 2) : last;
    }

    private static List<PlannedCall> calls(List<Draft> drafts) {
        List<PlannedCall> calls = new ArrayList<>();
        for (int i = 0; i < drafts.size(); i++) {
            Draft draft = drafts.get(i);
            Map<String, ArgumentSource> from = new LinkedHashMap<>();
            List<String> dependsOn = new ArrayList<>();
            draft.links().forEach((input, link) -> {
                String source = "a" + (link.step() + 1);
                from.put(input, new ArgumentSource(source, link.path()));
                if (!dependsOn.contains(source)) {
                    dependsOn.add(source);
                }
            });
            calls.add(new PlannedCall("a" + (i + 1), draft.tool(), draft.arguments(), dependsOn, from));
        }
        return calls;
    }

    private record Context(String question, SelectedRow selection, Map<String, ToolSpec> routed,
                           List<Observed> evidence) {
    }

    private record Source(ToolSpec provider, String path) {
    }

    /**
     * The calls that find an input and the path it is read at. Of two, the one with fewer calls; then one
     * value over a collection's: the assignee of issue 77 ({@code assignee.login}) is the one person asked
     * about, the assignees of a list of issues ({@code [].assignee.login}) are many.
     */
    private record Fed(List<Draft> steps, String path) {

        static final Comparator<Fed> BETTER = Comparator.comparingInt((Fed fed) -> fed.steps().size())
                .thenComparing(fed -> fed.path().contains("[]"));
    }

    /** A link to the output of the step at this index of the chain. */
    private record Link(int step, String path) {
    }

    private record Draft(String tool, Map<String, Object> arguments, Map<String, Link> links) {

        Draft shifted(int offset) {
            Map<String, Link> moved = new LinkedHashMap<>();
            links.forEach((input, link) -> moved.put(input, new Link(link.step() + offset, link.path())));
            return new Draft(tool, arguments, moved);
        }
    }
}
