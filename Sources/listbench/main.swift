print("listbench")
