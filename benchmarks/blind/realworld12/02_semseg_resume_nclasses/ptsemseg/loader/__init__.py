from ptsemseg.loader.synthetic_loader import cityscapesLoader, pascalVOCLoader


def get_loader(name):
    return {"cityscapes": cityscapesLoader, "pascal": pascalVOCLoader}[name]
