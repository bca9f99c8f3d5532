package dev.capplanner.executor.authorization;

import java.util.List;
import java.util.Map;

/** Validates call arguments against a capability's input JSON Schema. */
public interface ArgumentSchemaCheck {

    /** Where the arguments break the schema (instance locations, never the values); empty when they conform. */
    List<String> violations(Map<String, Object> inputSchema, Map<String, Object> arguments);
}
