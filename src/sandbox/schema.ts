/**
 * The Sandbox's GraphQL schema in SDL. Other tests load it for language features, so every type,
 * field, argument and enum value carries a description.
 */
export const SANDBOX_SDL = /* GraphQL */ `
  """
  Entry points for reading the team's data. What a token sees depends on its kind: a user-bound
  token sees that user's own data and the data of the user's groups; a team token sees everything.
  Every field follows the same rules: an object the token cannot see reads as null or is left out
  of lists, wherever it is reached from.
  """
  type Query {
    """
    The signed-in user, or null when the token identifies the team and no user.
    """
    me: User

    """
    Who the access token belongs to and which scopes it carries.
    """
    viewer: Viewer!

    """
    Tasks visible to the token, oldest first, one page at a time.
    """
    tasks(
      """
      Only tasks matching every given criterion.
      """
      filter: TaskFilter
      """
      Maximum number of tasks in the page (0 to 100).
      """
      first: Int = 20
      """
      Cursor after which the page starts (the endCursor of the previous page).
      """
      after: String
    ): TaskConnection!

    """
    One task by ID, or null when it does not exist or is not visible to the token.
    """
    task(
      """
      ID of the task, for example "task-1".
      """
      id: ID!
    ): Task

    """
    Files visible to the token, one page at a time.
    """
    files(
      """
      Maximum number of files in the page (0 to 100).
      """
      first: Int = 20
      """
      Cursor after which the page starts (the endCursor of the previous page).
      """
      after: String
    ): FileConnection!

    """
    One file by ID, or null when it does not exist or is not visible to the token.
    """
    file(
      """
      ID of the file, for example "file-1".
      """
      id: ID!
    ): File

    """
    Users visible to the token: yourself and the members of your groups (everyone for a team token).
    """
    users: [User!]!

    """
    One user by ID, or null when not visible to the token.
    """
    user(
      """
      ID of the user, for example "alice".
      """
      id: ID!
    ): User

    """
    Groups visible to the token: your own groups (all groups for a team token).
    """
    groups: [Group!]!

    """
    Any object by its globally unique ID, or null when not found or not visible.
    """
    node(
      """
      The globally unique ID of the object.
      """
      id: ID!
    ): Node

    """
    Tasks, files and users whose name contains the text (case-insensitive), limited to what the
    token may read.
    """
    search(
      """
      Text to look for in names.
      """
      text: String!
      """
      Maximum number of results (0 to 100).
      """
      first: Int = 10
    ): [SearchResult!]!
  }

  """
  Changes to the team's data. Every mutation needs the tasks:write scope.
  """
  type Mutation {
    """
    Creates a task owned by the signed-in user (no owner for a team token).
    """
    createTask(
      """
      The new task.
      """
      input: CreateTaskInput!
    ): CreateTaskPayload!

    """
    Changes the priority of a task visible to the token.
    """
    updateTaskPriority(
      """
      ID of the task.
      """
      id: ID!
      """
      The new priority.
      """
      priority: TaskPriority!
    ): Task!

    """
    Marks a task visible to the token as done.
    """
    completeTask(
      """
      ID of the task.
      """
      id: ID!
    ): Task!

    """
    Adds a user to the assignees of a task visible to the token.
    """
    assignTask(
      """
      ID of the task.
      """
      taskId: ID!
      """
      ID of the user to assign.
      """
      userId: ID!
    ): Task!
  }

  """
  An object with a globally unique ID.
  """
  interface Node {
    """
    Globally unique ID of the object.
    """
    id: ID!
  }

  """
  A calendar date in ISO 8601 form, for example 2025-03-14.
  """
  scalar Date

  """
  A point in time in ISO 8601 form (UTC), for example 2025-03-14T09:30:00.000Z.
  """
  scalar DateTime

  """
  How urgent a task is.
  """
  enum TaskPriority {
    """
    Can wait until there is time.
    """
    LOW
    """
    Normal work, planned in the usual way.
    """
    MEDIUM
    """
    Should be done soon, before normal work.
    """
    HIGH
    """
    Drop everything else: needs attention now.
    """
    URGENT
  }

  """
  Where a task stands.
  """
  enum TaskStatus {
    """
    Not started yet.
    """
    TODO
    """
    Someone is working on it.
    """
    IN_PROGRESS
    """
    Finished.
    """
    DONE
  }

  """
  The kind of value a file field holds.
  """
  enum FileFieldType {
    """
    Free text.
    """
    TEXT
    """
    A decimal number.
    """
    NUMBER
    """
    A calendar date (ISO 8601).
    """
    DATE
    """
    true or false.
    """
    BOOLEAN
    """
    The ID of a user.
    """
    USER
  }

  """
  The kind of principal an access token identifies.
  """
  enum ViewerKind {
    """
    A user (token from the Authorization Code Grant).
    """
    USER
    """
    The team and no user (token from the Client Credentials Grant).
    """
    TEAM
  }

  """
  Criteria for the tasks query; all given criteria must match.
  """
  input TaskFilter {
    """
    Only tasks with this priority.
    """
    priority: TaskPriority
    """
    Only tasks in this status.
    """
    status: TaskStatus
    """
    Only tasks assigned to this user.
    """
    assigneeId: ID
    """
    Only tasks of this group.
    """
    groupId: ID
    """
    Only tasks due strictly before this date.
    """
    dueBefore: Date
  }

  """
  The fields of a new task.
  """
  input CreateTaskInput {
    """
    Short title of the task (1 to 200 characters).
    """
    name: String!
    """
    Longer explanation of the task.
    """
    description: String
    """
    Priority of the task.
    """
    priority: TaskPriority = MEDIUM
    """
    When the task is due.
    """
    dueDate: Date
    """
    IDs of the users to assign.
    """
    assigneeIds: [ID!] = []
    """
    ID of the group the task belongs to; a user-bound token may only use its own groups.
    """
    groupId: ID
  }

  """
  Result of createTask.
  """
  type CreateTaskPayload {
    """
    The task that was created.
    """
    task: Task!
  }

  """
  A piece of work with a priority, assignees and a due date.
  """
  type Task implements Node {
    """
    Globally unique ID of the task.
    """
    id: ID!
    """
    Short title of the task.
    """
    name: String!
    """
    Longer explanation of the task.
    """
    description: String
    """
    How urgent the task is.
    """
    priority: TaskPriority!
    """
    Where the task stands.
    """
    status: TaskStatus!
    """
    Whether the task is finished.
    """
    done: Boolean! @deprecated(reason: "Use status instead: a task is done when status is DONE.")
    """
    When the task is due, if it has a deadline.
    """
    dueDate: Date
    """
    When the task was created.
    """
    createdAt: DateTime!
    """
    Who created the task; null when it was created with a team token or when the token cannot see
    that user.
    """
    owner: User
    """
    The group the task belongs to; null when it has none or the token cannot see it.
    """
    group: Group
    """
    Users working on the task that the token may see.
    """
    assignees: [User!]!
    """
    Files attached to the task that the token may see.
    """
    attachments: [File!]!
  }

  """
  A page of tasks.
  """
  type TaskConnection {
    """
    The tasks of this page with their cursors.
    """
    edges: [TaskEdge!]!
    """
    Where this page sits in the whole list.
    """
    pageInfo: PageInfo!
    """
    Number of matching tasks in all pages.
    """
    totalCount: Int!
  }

  """
  A task in a page, with its cursor.
  """
  type TaskEdge {
    """
    Opaque cursor of this task, usable as the after argument.
    """
    cursor: String!
    """
    The task.
    """
    node: Task!
  }

  """
  Where a page sits in a paginated list.
  """
  type PageInfo {
    """
    Whether more items follow this page.
    """
    hasNextPage: Boolean!
    """
    Whether items precede this page.
    """
    hasPreviousPage: Boolean!
    """
    Cursor of the first item of the page, null for an empty page.
    """
    startCursor: String
    """
    Cursor of the last item of the page, null for an empty page.
    """
    endCursor: String
  }

  """
  A stored document with typed metadata fields.
  """
  type File implements Node {
    """
    Globally unique ID of the file.
    """
    id: ID!
    """
    File name with extension.
    """
    name: String!
    """
    Media type of the content, for example application/pdf.
    """
    mimeType: String!
    """
    Size of the content in bytes.
    """
    sizeBytes: Int!
    """
    Size of the content in bytes.
    """
    size: Int! @deprecated(reason: "Use sizeBytes, which says its unit.")
    """
    Who uploaded the file (a file is visible only together with its owner).
    """
    owner: User!
    """
    The group the file is shared with; null when it has none or the token cannot see it.
    """
    group: Group
    """
    When the file was last changed.
    """
    updatedAt: DateTime!
    """
    Typed metadata entries of the file, in a stable order.
    """
    fields: [FileField!]!
  }

  """
  A typed metadata entry of a file.
  """
  type FileField {
    """
    Name of the field, unique within its file.
    """
    name: String!
    """
    The kind of value the field holds.
    """
    type: FileFieldType!
    """
    The value as text, null when the field is empty (or, for a USER field, names a user the token
    cannot see).
    """
    value: String
  }

  """
  A page of files.
  """
  type FileConnection {
    """
    The files of this page with their cursors.
    """
    edges: [FileEdge!]!
    """
    Where this page sits in the whole list.
    """
    pageInfo: PageInfo!
    """
    Number of visible files in all pages.
    """
    totalCount: Int!
  }

  """
  A file in a page, with its cursor.
  """
  type FileEdge {
    """
    Opaque cursor of this file, usable as the after argument.
    """
    cursor: String!
    """
    The file.
    """
    node: File!
  }

  """
  A person in the team.
  """
  type User implements Node {
    """
    Globally unique ID of the user.
    """
    id: ID!
    """
    Full name.
    """
    name: String!
    """
    E-mail address, if known.
    """
    email: String
    """
    Groups the user belongs to that the token may see.
    """
    groups: [Group!]!
    """
    Tasks assigned to the user that the token may see (needs tasks:read as well).
    """
    assignedTasks: [Task!]!
  }

  """
  A group of users who share tasks and files.
  """
  type Group implements Node {
    """
    Globally unique ID of the group.
    """
    id: ID!
    """
    Display name of the group.
    """
    name: String!
    """
    What the group does.
    """
    description: String
    """
    Users in the group that the token may see.
    """
    members: [User!]!
  }

  """
  The team that owns all data of the tenant.
  """
  type Team {
    """
    ID of the team.
    """
    id: ID!
    """
    Display name of the team.
    """
    name: String!
  }

  """
  The principal behind the access token.
  """
  type Viewer {
    """
    Whether the token identifies a user or the team.
    """
    kind: ViewerKind!
    """
    ID of the user, null for a team token.
    """
    userId: ID
    """
    The team the token belongs to.
    """
    team: Team!
    """
    Scopes granted to the token.
    """
    scopes: [String!]!
    """
    IDs of the groups the user belongs to (empty for a team token).
    """
    groupIds: [ID!]!
  }

  """
  Anything the search query can find.
  """
  union SearchResult = Task | File | User
`;
