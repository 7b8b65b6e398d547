from pcls.data import ShapePoints
from pcls.model import PointNetCls
from pcls.trainer import Trainer

if __name__ == "__main__":
    train_set = ShapePoints(160, num_points=4096, seed=1)
    trainer = Trainer(PointNetCls(num_classes=len(ShapePoints.CLASSES)), train_set, lr=1e-3, epochs=2)
    trainer.fit()
