package dev.capplanner.planner.validation;

import java.util.List;
import java.util.Map;

/**
 * Checks arguments against a tool's input JSON Schema. The planner's rules do not depend on how:
 * the service wires a JSON Schema 2020-12 validator ({@code planner.schema}).
 */
@FunctionalInterface
public interface ArgumentSchema {

    /** One message per violated constraint, naming the instance location; empty when valid. */
    List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments);
}
