import CullKit
import Foundation

/// Every subcommand, in the order `cull --help` lists them.
let commands: [any CullCommand.Type] = [
    InitCommand.self,
    StatusCommand.self,
    ScanCommand.self,
    CheckCommand.self,
    ExplainCommand.self,
    PlanCommand.self,
    StageCommand.self,
    FindCommand.self,
    ShowCommand.self,
    SchemaCommand.self,
    TrashCommand.self,
    ReviewCommand.self,
    RestoreCommand.self,
    KeepCommand.self,
    UnkeepCommand.self,
    DistinctCommand.self,
    CatalogCommand.self,
    CommitCommand.self,
    UndoCommand.self,
    RunCommand.self,
    LogCommand.self,
]

OpenMP.oneThreadPerTeam()
let arguments = Array(CommandLine.arguments.dropFirst())
exit(Dispatcher(commands: commands).run(arguments).rawValue)
