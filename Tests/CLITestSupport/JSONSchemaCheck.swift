import BreakdownEncode
import BreakdownTestSupport
import Foundation
import Testing

enum JSONSchemaCheck {
    /// Python's jsonschema (an independent validator) on each record against `schema`: valid or not.
    static func verdicts(schema: String, records: [String]) throws -> [Bool] {
        let program = """
            import json, sys, jsonschema
            data = json.load(sys.stdin)
            jsonschema.Draft202012Validator.check_schema(data["schema"])
            validator = jsonschema.Draft202012Validator(data["schema"])
            print(json.dumps([validator.is_valid(json.loads(r)) for r in data["records"]]))
            """
        let input = "{\"schema\": \(schema), \"records\": [" + records.map { JSONValue.quoted($0) }.joined(separator: ", ") + "]}"
        let result = try ShellCommand.run("python3", ["-c", program], input: input)
        try #require(result.status == 0, "\(result.errors)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Bool])
    }
}
