package dev.capplanner.importing.openapi;

import com.fasterxml.jackson.databind.JsonNode;
import dev.capplanner.importing.inference.MutatingNames;
import dev.capplanner.importing.model.SideEffect;
import java.util.List;
import java.util.Locale;

/**
 * Whether an operation is a read (rule "read-only snapshot"). GET and HEAD are reads; every other
 * method writes, DELETE destructively, unless a POST carries the explicit extension
 * {@code x-capplanner-read-only: true} (a search that takes a body): such a read is excluded, not
 * offered, because the executor sends no request body and would refuse its method at the last mile
 * (it calls GET and HEAD only). A read whose own name says it
 * changes something (create, send, delete, ...) is not trusted and is excluded until an operator
 * reviews it. Risk and confirmation follow the method; an extension may raise them, never lower.
 */
record Classification(SideEffect sideEffect, String risk, boolean requiresConfirmation, String excludedReason) {

    static final String READ_ONLY_EXTENSION = "x-capplanner-read-only";
    static final String RISK_EXTENSION = "x-capplanner-risk";
    static final String CONFIRMATION_EXTENSION = "x-capplanner-requires-confirmation";
    static final String READ_POST_NOT_OFFERED = "a read POST is not offered: the executor calls GET and HEAD only"
            + " and sends no request body";
    private static final List<String> RISKS = List.of("low", "medium", "high", "critical");

    static Classification of(String method, JsonNode operation, String name, String path, String location) {
        JsonNode readOnly = operation.get(READ_ONLY_EXTENSION);
        if (readOnly != null && !readOnly.isBoolean()) {
            throw new OpenApiFormatException(location + "/" + READ_ONLY_EXTENSION, "must be true or false");
        }
        boolean declaredRead = readOnly != null && readOnly.asBoolean();
        SideEffect sideEffect = switch (method) {
            case "get", "head" -> SideEffect.NONE;
            case "post" -> declaredRead ? SideEffect.READ : SideEffect.WRITE;
            case "delete" -> SideEffect.DESTRUCTIVE;
            default -> SideEffect.WRITE;
        };
        String risk = raised(sideEffect == SideEffect.DESTRUCTIVE ? "high" : sideEffect.readOnly() ? "low" : "medium",
                operation.path(RISK_EXTENSION).asText(null), location);
        boolean confirmation = !sideEffect.readOnly() || operation.path(CONFIRMATION_EXTENSION).asBoolean(false);
        String excluded = null;
        if (!sideEffect.readOnly()) {
            excluded = sideEffect.wireName() + ": HTTP " + method.toUpperCase(Locale.ROOT)
                    + (declaredRead ? " (" + READ_ONLY_EXTENSION + " applies to POST only)" : "");
        } else if (method.equals("post")) {
            excluded = READ_POST_NOT_OFFERED;
        } else if (contradiction(operation, name, path).isPresent()) {
            excluded = MutatingNames.excludedReason(contradiction(operation, name, path).get());
        } else if (RISKS.indexOf(risk) >= 2) {
            excluded = "risk " + risk;
        } else if (confirmation) {
            excluded = "requires confirmation";
        }
        return new Classification(sideEffect, risk, confirmation, excluded);
    }

    /** The name's operation verb, or an action the path ends with, when it changes something. */
    private static java.util.Optional<String> contradiction(JsonNode operation, String name, String path) {
        boolean generated = operation.path("operationId").asText("").isBlank();
        return MutatingNames.mutatingWord(name).or(() -> MutatingNames.mutatingPathAction(path, name, generated));
    }

    private static String raised(String byMethod, String declared, String location) {
        if (declared == null) {
            return byMethod;
        }
        String risk = declared.toLowerCase(Locale.ROOT);
        if (!RISKS.contains(risk)) {
            throw new OpenApiFormatException(location + "/" + RISK_EXTENSION, "must be one of " + RISKS);
        }
        return RISKS.indexOf(risk) > RISKS.indexOf(byMethod) ? risk : byMethod;
    }
}
