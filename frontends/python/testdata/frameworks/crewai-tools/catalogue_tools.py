import logging
import os
import time
from pathlib import Path
from typing import Any, ClassVar, List, Optional, Type

from crewai.tools import BaseTool, EnvVar
from pydantic import BaseModel, Field

logger = logging.getLogger(__file__)


class CatalogueSearchSchema(BaseModel):
    """Input for CatalogueSearchTool."""

    search_query: str = Field(
        ..., description="What to look for in the catalogue"
    )


class CatalogueSearchTool(BaseTool):
    """
    CatalogueSearchTool - searches a library catalogue.

    Dependencies:
        - requests
    """

    name: str = "Search the library catalogue"
    description: str = (
        "A tool that searches the library catalogue with a search_query."
    )
    args_schema: Type[BaseModel] = CatalogueSearchSchema
    endpoint: str = "https://catalogue.example/search"
    branch: Optional[str] = ""
    n_results: int = 10
    _last_call: ClassVar[float] = 0
    env_vars: List[EnvVar] = [
        EnvVar(name="CATALOGUE_KEY", description="Key for the catalogue", required=True),
    ]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "CATALOGUE_KEY" not in os.environ:
            raise ValueError("CATALOGUE_KEY must be set")

    def _run(self, **kwargs: Any) -> Any:
        CatalogueSearchTool._last_call = time.time()
        return kwargs.get("search_query")


class PreprintInput(BaseModel):
    topic: str = Field(..., description="Topic to search preprints for, e.g., 'soil microbes'")
    limit: int = Field(8, ge=1, le=50, description="How many preprints; between 1 and 50")


class PreprintTool(BaseTool):
    API_URL: ClassVar[str] = "https://preprints.example/api"
    PAUSE: ClassVar[int] = 1
    name: str = "Preprint Finder"
    description: str = "Finds preprints on a topic and can save their PDFs."
    args_schema: Type[BaseModel] = PreprintInput
    model_config = {"extra": "allow"}
    package_dependencies: List[str] = ["pydantic"]

    def __init__(self, save_pdfs=False, folder="./preprints"):
        super().__init__()
        self.save_pdfs = save_pdfs
        self.folder = folder

    def _run(self, topic: str, limit: int = 8) -> str:
        return f"{limit} preprints on {topic}"

    @staticmethod
    def _folder(path: str) -> Path:
        return Path(path).resolve()


class BucketReadInput(BaseModel):
    """Input schema for BucketReadTool."""

    object_path: str = Field(..., description="Object path (e.g., 'bucket://name/key')")


class BucketReadTool(BaseTool):
    name: str = "Bucket Reader"
    description: str = "Reads one object from a storage bucket"
    args_schema: Type[BaseModel] = BucketReadInput
    package_dependencies: List[str] = ["boto3"]

    def _run(self, object_path: str) -> str:
        try:
            import boto3
        except ImportError:
            raise ImportError("`boto3` is needed")
        return object_path
