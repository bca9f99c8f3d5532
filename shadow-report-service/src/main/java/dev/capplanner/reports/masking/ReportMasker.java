package dev.capplanner.reports.masking;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Masks one report before it is stored or logged (rule "mask before storing"): free text through
 * the {@link TextMasker}, any value under a sensitive key whole, and every value the planner bound
 * from the question wherever it appears (in the question, either plan, a reason). JSON structure and
 * argument names are kept, so analysts still compare the plans, within {@link MaskingLimits}: what a
 * plan holds beyond them (values, depth, text) is replaced by a marker that says how much was cut.
 * In a tenant's strict mode ({@link TenantMasking}) every word of free text that no vocabulary keeps
 * is masked too ({@link KeptWords}); the report's routed capability names and the tenant's configured
 * vocabulary are its own words. Each tenant's pseudonyms are keyed apart ({@link Pseudonyms#forTenant}).
 */
public final class ReportMasker {

    /** Shorter values would mask ordinary words wherever they occur. */
    static final int MIN_BOUND_LENGTH = 3;
    /** A key is a name: longer ones are cut (and normalized like any text). */
    static final int MAX_KEY_CHARS = 200;
    static final String CUT_KEY = "…cut";
    /** Looking for bound values walks further than a stored plan keeps: a value cut from the plan may still be in a text. */
    static final int BOUND_VALUES_WALKED_PER_JSON_VALUE = 4;
    /** A report's texts remembered once masked: short ones (keys, names, values), a bounded number of them. */
    static final int MAX_REMEMBERED_CHARS = 256;
    static final int MAX_REMEMBERED_TEXTS = 512;

    /** How a tenant's reports are masked. */
    @FunctionalInterface
    public interface TenantPolicies {
        TenantMasking of(String tenantId);
    }

    private final TextMasker text;
    private final TenantPolicies tenants;
    private final MaskingLimits limits;
    private final Vocabulary vocabulary;

    public ReportMasker(TextMasker text, TenantPolicies tenants, MaskingLimits limits, Vocabulary vocabulary) {
        this.text = text;
        this.tenants = tenants;
        this.limits = limits;
        this.vocabulary = vocabulary;
    }

    /** Every tenant in detector mode. */
    public ReportMasker(TextMasker text, Function<String, SensitiveKeys> keysOfTenant, MaskingLimits limits) {
        this(text, tenant -> TenantMasking.detector(keysOfTenant.apply(tenant)), limits, null);
    }

    /** Every tenant in detector mode. */
    public ReportMasker(TextMasker text, Function<String, SensitiveKeys> keysOfTenant) {
        this(text, keysOfTenant, MaskingLimits.DEFAULTS);
    }

    /** A masking context for text that belongs to no comparison (a review note): the tenant's mode and keys. */
    public Context forTenant(String tenantId) {
        return forReport(tenantId, "", List.of(), List.of());
    }

    /** A masking context for one report: its tenant's keys and mode, and the values bound from its question. */
    public Context forReport(String tenantId, String question, List<Object> plans) {
        return forReport(tenantId, question, plans, List.of());
    }

    /**
     * A masking context for one report: its tenant's keys and mode, the values bound from its question,
     * and (strict mode) the words of its capability names and plans that free text may keep.
     */
    public Context forReport(String tenantId, String question, List<Object> plans, Collection<String> capabilityNames) {
        return forReport(tenantId, question, plans, capabilityNames, PlanVocabulary.NONE);
    }

    /**
     * A masking context for one report, whose plans are written in {@code planWords}: their member
     * names and closed values are kept, and never taken for values the question gave.
     */
    public Context forReport(String tenantId, String question, List<Object> plans, Collection<String> capabilityNames,
                             PlanVocabulary planWords) {
        TenantMasking tenant = tenants.of(tenantId);
        SensitiveKeys keys = tenant.keys();
        Map<String, SensitiveKind> bound = new LinkedHashMap<>();
        String lowerQuestion = question == null ? ""
                : TextMasker.lowerKeepingLength(TextNormalization.normalize(question));
        for (Object plan : plans) {
            new BoundValues(lowerQuestion, keys, bound, planWords).collect(plan, null, 0);
        }
        Set<String> names = new HashSet<>();
        // One copy, read by the word rules and the detectors alike (KeptWords' own copy of it is no copy).
        Set<String> words = Set.copyOf(ownWords(tenant, capabilityNames, names));
        KeptWords kept = null;
        if (tenant.mode() == MaskingMode.STRICT) {
            if (vocabulary == null) {
                throw new IllegalStateException("strict masking needs a vocabulary");
            }
            kept = new KeptWords(vocabulary, words, names);
        }
        return new Context(keys, new TextMasker.Scope(KnownValues.of(bound), kept, words, text.pseudonymsOf(tenantId)),
                planWords);
    }

    /**
     * The tenant's own words, lowercase: parts of the routed capability names (from the sealed snapshot)
     * and of its configured vocabulary. Not a plan's keys or tool names: a planner writes those, and a
     * planner repeats what the question says ("okonkwo" as an argument name would keep the name).
     */
    private Set<String> ownWords(TenantMasking tenant, Collection<String> capabilityNames, Set<String> names) {
        Set<String> words = new HashSet<>();
        capabilityNames.stream().limit(limits.maxJsonValues()).forEach(name -> {
            if (name != null && name.length() <= MAX_KEY_CHARS) {
                names.add(name.toLowerCase(Locale.ROOT));
                addParts(name, words);
            }
        });
        tenant.vocabulary().forEach(word -> addParts(word, words));
        return words;
    }

    private static void addParts(String name, Set<String> into) {
        for (String part : KeptWords.parts(name)) {
            into.add(part.toLowerCase(Locale.ROOT));
        }
    }

    /**
     * Walks one plan within the limits, collecting the values that also appear in the question:
     * breadth first, so an action's own arguments are met before whatever a long list under one of
     * them holds, and a plan padded with values cannot push them past the limit.
     */
    private final class BoundValues {
        private final String question;
        private final SensitiveKeys keys;
        private final Map<String, SensitiveKind> bound;
        private final PlanVocabulary vocabulary;

        BoundValues(String question, SensitiveKeys keys, Map<String, SensitiveKind> bound, PlanVocabulary vocabulary) {
            this.question = question;
            this.keys = keys;
            this.bound = bound;
            this.vocabulary = vocabulary;
        }

        private record Pending(Object value, String key, int depth) {
        }

        void collect(Object plan, String rootKey, int rootDepth) {
            java.util.ArrayDeque<Pending> pending = new java.util.ArrayDeque<>();
            pending.add(new Pending(plan, rootKey, rootDepth));
            int valuesLeft = BOUND_VALUES_WALKED_PER_JSON_VALUE * limits.maxJsonValues();
            while (!pending.isEmpty() && valuesLeft-- > 0 && bound.size() < limits.maxBoundValues()) {
                Pending next = pending.poll();
                if (next.depth() > limits.maxJsonDepth()) {
                    continue;
                }
                if (next.value() instanceof Map<?, ?> map) {
                    for (Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
                         entries.hasNext() && pending.size() < valuesLeft; ) {
                        Map.Entry<?, ?> entry = entries.next();
                        String key = String.valueOf(entry.getKey());
                        pending.add(new Pending(entry.getValue(), key, next.depth() + 1));
                    }
                } else if (next.value() instanceof List<?> list) {
                    for (Iterator<?> items = list.iterator(); items.hasNext() && pending.size() < valuesLeft; ) {
                        pending.add(new Pending(items.next(), next.key(), next.depth() + 1));
                    }
                } else {
                    consider(next.value(), next.key());
                }
            }
        }

        private void consider(Object value, String key) {
            if (value == null || key == null || value instanceof Boolean || vocabulary.closed(key, value)) {
                return;
            }
            String raw = String.valueOf(value);
            if (raw.length() > TextMasker.MAX_KNOWN_VALUE_CHARS) {
                return;
            }
            String text = TextNormalization.normalize(raw).strip();
            if (text.length() >= MIN_BOUND_LENGTH && question.contains(TextMasker.lowerKeepingLength(text))) {
                bound.putIfAbsent(text, keys.kindOf(key).orElse(SensitiveKind.VALUE));
            }
        }
    }

    /**
     * Masking with one report's tenant keys and bound values, for one thread. A text met again in the same
     * report (a plan's keys, its tool names, a value both plans hold) is masked once: its masking depends
     * on the text and this context alone.
     */
    public final class Context {
        private final SensitiveKeys keys;
        private final KnownValues bound;
        private final TextMasker.Scope scope;
        private final Map<String, String> maskedTexts = new HashMap<>();

        private final PlanVocabulary vocabulary;

        private Context(SensitiveKeys keys, TextMasker.Scope scope, PlanVocabulary vocabulary) {
            this.keys = keys;
            this.bound = scope.known();
            this.scope = scope;
            this.vocabulary = vocabulary;
        }

        public String text(String value) {
            if (value == null || value.length() > MAX_REMEMBERED_CHARS) {
                return text.mask(value, scope);
            }
            String masked = maskedTexts.get(value);
            if (masked == null) {
                masked = text.mask(value, scope);
                if (maskedTexts.size() < MAX_REMEMBERED_TEXTS) {
                    maskedTexts.put(value, masked);
                }
            }
            return masked;
        }

        /**
         * Text a person wrote (the question, a review note): as {@link #text}, and in strict mode a word
         * standing alone in it is masked ({@link TextMasker#maskWritten}). Not remembered: each is masked once.
         */
        public String written(String value) {
            return text.maskWritten(value, scope);
        }

        /** One plan, masked and bounded. */
        /** The tree masked, but for the words of the plan vocabulary this context was made with. */
        public Object tree(Object value) {
            return new BoundedTree().tree(value, null, null, 0);
        }

        /** The limits of one plan: what is left of its values and of its text. */
        private final class BoundedTree {
            private int valuesLeft = limits.maxJsonValues();
            private int charsLeft = limits.maxPlanChars();

            Object tree(Object value, String key, SensitiveKind keyKind, int depth) {
                valuesLeft--;
                if (vocabulary.closed(key, value)) {
                    return value;
                }
                if (depth > limits.maxJsonDepth()) {
                    return "<cut: nested deeper than " + limits.maxJsonDepth() + " levels>";
                }
                if (value instanceof Map<?, ?> map) {
                    Map<String, Object> masked = new LinkedHashMap<>();
                    Iterator<? extends Map.Entry<?, ?>> entries = map.entrySet().iterator();
                    while (entries.hasNext() && valuesLeft > 0) {
                        Map.Entry<?, ?> entry = entries.next();
                        String raw = String.valueOf(entry.getKey());
                        String name = vocabulary.member(raw) ? raw : text(key(raw));
                        masked.put(name, tree(entry.getValue(), name, keys.kindOf(name).orElse(null), depth + 1));
                    }
                    int left = map.size() - masked.size();
                    if (left > 0) {
                        masked.put(CUT_KEY, "<cut: " + left + " more entries>");
                    }
                    return masked;
                }
                if (value instanceof List<?> list) {
                    List<Object> masked = new ArrayList<>(Math.min(list.size(), Math.max(valuesLeft, 0) + 1));
                    Iterator<?> items = list.iterator();
                    while (items.hasNext() && valuesLeft > 0) {
                        masked.add(tree(items.next(), key, keyKind, depth + 1));
                    }
                    int left = list.size() - masked.size();
                    if (left > 0) {
                        masked.add("<cut: " + left + " more items>");
                    }
                    return masked;
                }
                if (value == null || value instanceof Boolean) {
                    return value;
                }
                if (value instanceof Number number && keyKind == null) {
                    // A number is kept for the analyst unless it is as long as an account or document number.
                    String digits = number.toString();
                    return digits.chars().filter(Character::isDigit).count() < IdentifierNumberDetector.MIN_DIGITS
                            ? value : text(digits);
                }
                if (!(value instanceof String) && keyKind == null) {
                    return value;
                }
                String string = String.valueOf(value);
                if (charsLeft <= 0) {
                    return "<cut: " + string.length() + " characters beyond the plan's text limit>";
                }
                String masked = keyKind != null ? pseudonymOf(keyKind, string) : text(string);
                charsLeft -= masked.length();
                return masked;
            }

            private String key(String key) {
                String normalized = TextNormalization.normalize(key.length() > 2 * MAX_KEY_CHARS
                        ? key.substring(0, 2 * MAX_KEY_CHARS) : key);
                return normalized.length() > MAX_KEY_CHARS ? normalized.substring(0, MAX_KEY_CHARS) : normalized;
            }
        }

        private String pseudonymOf(SensitiveKind kind, String value) {
            // The same value gets the same pseudonym here as where the text masker found it.
            String normalized = TextNormalization.normalize(value.length() > TextMasker.MAX_KNOWN_VALUE_CHARS
                    ? value.substring(0, TextMasker.MAX_KNOWN_VALUE_CHARS) : value);
            if (normalized.isBlank()) {
                return normalized;
            }
            SensitiveKind known = bound.kindOf(normalized.strip());
            return text.mask(normalized, new TextMasker.Scope(KnownValues.of(Map.of(normalized, known != null ? known : kind)),
                    null, Set.of(), scope.pseudonyms()));
        }
    }
}
