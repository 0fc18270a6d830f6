import CullKit
print("cull")
